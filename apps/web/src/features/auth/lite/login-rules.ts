export type LoginField = 'email' | 'password';

/** An address as the component library's e-mail rule reads one: something@domain.tld, no spaces. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The `auth` text key of what is wrong with each sign-in field, if anything. */
export function loginProblems(values: Record<LoginField, string>): Partial<Record<LoginField, string>> {
  const problems: Partial<Record<LoginField, string>> = {};
  const email = values.email.trim();
  if (!email) problems.email = 'validation.emailRequired';
  else if (!emailPattern.test(email)) problems.email = 'validation.emailInvalid';
  if (!values.password) problems.password = 'validation.passwordRequired';
  return problems;
}
