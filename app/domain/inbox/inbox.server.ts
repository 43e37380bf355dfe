import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { contactMessages, users } from "../../db/schema";
import { isUuid, type ListPage, type StateOf } from "../../lib/list-params";
import { listOrder, pageOf, searchAny } from "../../lib/list-query.server";
import type { ContactMessageStatus } from "../content/constants";
import { INBOX_LIST } from "./inbox-list";

const t = contactMessages;

/** The column behind each sort key of INBOX_LIST (text sorts ignore case). */
const SORT_COLUMNS = {
  received: t.createdAt,
  name: sql`lower(${t.name})`,
  subject: sql`lower(${t.subject})`,
} as const;

export interface InboxRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  /** The start of the message, for the list. */
  preview: string;
  status: ContactMessageStatus;
  createdAt: Date;
}

/** One page of contact messages: search over name, e-mail, subject and message, filter by status, sorted. */
export async function listContactMessages(db: DbOrTx, state: StateOf<typeof INBOX_LIST>): Promise<ListPage<InboxRow>> {
  const where = and(
    searchAny(state.q, [t.name, t.email, t.subject, t.message]),
    state.filters.status ? eq(t.status, state.filters.status) : undefined,
  );
  return pageOf(db, INBOX_LIST, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      db
        .select({
          id: t.id,
          name: t.name,
          email: t.email,
          subject: t.subject,
          preview: sql<string>`left(${t.message}, 140)`,
          status: t.status,
          createdAt: t.createdAt,
        })
        .from(t)
        .where(where)
        .orderBy(...listOrder(SORT_COLUMNS[state.sort], state.dir, t.id))
        .limit(limit)
        .offset(offset),
  });
}

export type ContactMessageDetail = NonNullable<Awaited<ReturnType<typeof getContactMessage>>>;

/** One message with who handled it; undefined for an id that is not a uuid or not a message. */
export async function getContactMessage(db: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: t.id,
      name: t.name,
      email: t.email,
      phone: t.phone,
      subject: t.subject,
      message: t.message,
      status: t.status,
      ipAddress: t.ipAddress,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      handledAt: t.handledAt,
      handledBy: sql<string | null>`coalesce(${users.name}, ${users.email})`,
    })
    .from(t)
    .leftJoin(users, eq(users.id, t.handledByUserId))
    .where(eq(t.id, id));
  return row;
}

/** How many messages nobody has opened yet. */
export function countNewMessages(db: DbOrTx): Promise<number> {
  return db.$count(t, eq(t.status, "new"));
}
