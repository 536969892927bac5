-- The dashboard reads running totals, never scans (docs/architecture.md "Running totals"):
-- asset/daily summed the window's ledger entries of the asset, so the agency asset's runway cost
-- grew with every card it paid for (a million fees of today at 1M cards). An asset's money out,
-- money in and net change per UTC day of the entries' created_at are now kept here, by statement
-- triggers over transition tables in the transaction that writes the entries, so asset/daily reads
-- at most `days` rows of this primary key. What counts as spent and received is decided here, once:
-- spent is the debits of CARD_FEE, TRANSFER_OUT and CARD_SPEND; received the credits of PROVISION,
-- CREDIT, TRANSFER_IN, CARD_REFUND, MERCHANT_REFUND and DEPOSIT (a card's refund going out is
-- neither); net is every entry. An asset's entries are written while its row is locked (the
-- balance change they record, or the seq trigger's count), so the day's row adds no wait and its
-- lock always follows the asset's: no new deadlock.
CREATE TABLE "wallet"."asset_day_totals" (
	"asset_id" integer NOT NULL,
	"day" date NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "asset_day_totals_asset_id_day_pk" PRIMARY KEY("asset_id","day")
);--> statement-breakpoint
ALTER TABLE "wallet"."asset_day_totals" ADD CONSTRAINT "asset_day_totals_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "wallet"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- What one entry counts as spent and received: the rule's one home.
CREATE FUNCTION "wallet"."ledger_spent"(reason text, amount bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN reason IN ('CARD_FEE', 'TRANSFER_OUT', 'CARD_SPEND') AND amount < 0 THEN -amount ELSE 0 END
$$;--> statement-breakpoint
CREATE FUNCTION "wallet"."ledger_received"(reason text, amount bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN reason IN ('PROVISION', 'CREDIT', 'TRANSFER_IN', 'CARD_REFUND', 'MERCHANT_REFUND', 'DEPOSIT') AND amount > 0 THEN amount ELSE 0 END
$$;--> statement-breakpoint
-- Entries are only ever written; an update or delete (a repair, a test re-dating entries) takes
-- the old rows out and puts the new ones in. One run per statement, grouped by (asset, day) and
-- upserted in that order, so a bulk load is counted set-based.
CREATE FUNCTION "wallet"."asset_day_totals_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "wallet"."asset_day_totals" AS t ("asset_id", "day", "spent", "received", "net")
    SELECT e."asset_id", (e."created_at" AT TIME ZONE 'UTC')::date,
           -sum("wallet"."ledger_spent"(e."reason", e."amount")),
           -sum("wallet"."ledger_received"(e."reason", e."amount")), -sum(e."amount")
      FROM old_entries e GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("asset_id", "day") DO UPDATE
       SET "spent" = t."spent" + excluded."spent", "received" = t."received" + excluded."received",
           "net" = t."net" + excluded."net";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "wallet"."asset_day_totals" AS t ("asset_id", "day", "spent", "received", "net")
    SELECT e."asset_id", (e."created_at" AT TIME ZONE 'UTC')::date,
           sum("wallet"."ledger_spent"(e."reason", e."amount")),
           sum("wallet"."ledger_received"(e."reason", e."amount")), sum(e."amount")
      FROM new_entries e GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("asset_id", "day") DO UPDATE
       SET "spent" = t."spent" + excluded."spent", "received" = t."received" + excluded."received",
           "net" = t."net" + excluded."net";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_day_totals_insert" AFTER INSERT ON "wallet"."ledger_entries"
REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "wallet"."asset_day_totals_keep"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_day_totals_update" AFTER UPDATE ON "wallet"."ledger_entries"
REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "wallet"."asset_day_totals_keep"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_day_totals_delete" AFTER DELETE ON "wallet"."ledger_entries"
REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT EXECUTE FUNCTION "wallet"."asset_day_totals_keep"();--> statement-breakpoint
-- The entries before this migration, summed once. The triggers above took the table's lock first,
-- so no entry is written between them and this read: none is counted twice or missed.
INSERT INTO "wallet"."asset_day_totals" ("asset_id", "day", "spent", "received", "net")
SELECT "asset_id", ("created_at" AT TIME ZONE 'UTC')::date,
       sum("wallet"."ledger_spent"("reason", "amount")), sum("wallet"."ledger_received"("reason", "amount")), sum("amount")
  FROM "wallet"."ledger_entries" GROUP BY 1, 2;
--> statement-breakpoint
-- The (asset, created_at) index served only asset/daily's sum of the window's entries (migration
-- 0010): nothing reads it now, and every entry written paid for its insertion.
DROP INDEX "wallet"."ledger_asset_created_idx";
