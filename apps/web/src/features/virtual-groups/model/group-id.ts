/** A group id from the address (`/virtual-groups/view/12`): a positive whole number, else null. */
export function groupIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
