import { refuse, type Refused } from "../use-case";

// A rule of the book that refused an entry, as the screens answer it: the fields' messages, and the first as the
// toast. Browser-safe (the refusal carries only text).

export function ledgerRefusal(error: { errors: Record<string, string>; message: string }): Refused {
  return refuse("invalid", error.message, error.errors);
}
