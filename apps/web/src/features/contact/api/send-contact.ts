import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResponse } from '@recarga/contracts/support';
import { apiClient } from '../../../lib/api-client';

/** POST /api/contact/ — public; the Api-Key header names the network whose support receives it. */
function sendContact(body: ContactRequest): Promise<ContactResponse> {
  return apiClient.request<ContactResponse>({ method: 'POST', path: 'contact/', body, unauthorizedIsAnswer: true });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
