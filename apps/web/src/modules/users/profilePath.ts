/** An admin's page of one member: a small module, so member-facing tables that link there load no admin code. */
export function profilePath(id: number) {
  return `/admin/check/profile/${id}`;
}
