import { z } from 'zod';
import { INT4_MAX } from './query';

const tenantSchema = z.object({
  tenant_pk: z.number().int().max(INT4_MAX),
  name: z.string(),
  alias: z.string(),
  parent_tenant_pk: z.number().int().max(INT4_MAX).nullable(),
  theme: z.string(),
  country: z.string(),
  currency: z.string(),
  tenant_device_reader: z.boolean(),
  sms_enabled: z.boolean(),
  apiKey: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

export const tenantListResponseSchema = z.object({ tenantList: z.array(tenantSchema) });
export type TenantListResponse = z.infer<typeof tenantListResponseSchema>;
