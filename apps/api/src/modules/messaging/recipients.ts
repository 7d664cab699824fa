import { z } from 'zod';

const emailAddress = z.email();

/** A client's e-mail address when a message can go to it (trimmed), else null. */
export function usableEmail(email: string | null): string | null {
  const trimmed = email?.trim();
  return trimmed && emailAddress.safeParse(trimmed).success ? trimmed : null;
}
