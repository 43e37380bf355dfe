-- Issue 38, finding 6. A posted entry and its lines are never deleted (journal_entries_immutable,
-- journal_lines_immutable), but those are row triggers: TRUNCATE skips them, and the owner emptied journal_lines
-- with one statement. A statement trigger refuses TRUNCATE of the books and of the balances kept from them (which
-- would then disagree with the lines). A restore or a test's reset that must empty them sets
-- session_replication_role = replica for its transaction, under which these triggers do not fire.
CREATE FUNCTION "books_truncate_refused"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the books cannot be emptied: TRUNCATE of % is refused (a posted entry is reversed, never removed)', TG_TABLE_NAME
    USING ERRCODE = '23514', CONSTRAINT = 'books_truncate_refused';
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_truncate_refused" BEFORE TRUNCATE ON "journal_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "books_truncate_refused"();--> statement-breakpoint
CREATE TRIGGER "journal_lines_truncate_refused" BEFORE TRUNCATE ON "journal_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "books_truncate_refused"();--> statement-breakpoint
CREATE TRIGGER "account_month_balances_truncate_refused" BEFORE TRUNCATE ON "account_month_balances"
  FOR EACH STATEMENT EXECUTE FUNCTION "books_truncate_refused"();--> statement-breakpoint
CREATE TRIGGER "party_balances_truncate_refused" BEFORE TRUNCATE ON "party_balances"
  FOR EACH STATEMENT EXECUTE FUNCTION "books_truncate_refused"();
