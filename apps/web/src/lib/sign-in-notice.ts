/**
 * The sign-in page loads without the app; once signed in it starts the app, which greets the user
 * ('Login realizado com sucesso!') with its own toasts. This is the message between the two.
 */
let pending = false;

export function announceSignIn(): void {
  pending = true;
}

/** True once after `announceSignIn`. */
export function takeSignInNotice(): boolean {
  const announced = pending;
  pending = false;
  return announced;
}
