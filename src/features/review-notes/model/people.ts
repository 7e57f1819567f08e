/**
 * People by name: "You" for the signed-in user, else the display name they set. Someone who set
 * none is "A member without a name" (their id is shown only on demand).
 */

export interface PersonRef {
  id: string;
  name: string | null | undefined;
}

export function personName(person: PersonRef, currentUserId: string | undefined): string {
  if (person.id === currentUserId) return 'You';
  return person.name?.trim() || 'A member without a name';
}

/** Whether the words name someone by an id only (then the id may be asked for). */
export const isUnnamed = (person: PersonRef, currentUserId: string | undefined): boolean =>
  person.id !== currentUserId && !person.name?.trim();
