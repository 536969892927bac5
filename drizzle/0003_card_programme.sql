CREATE TABLE "wallet"."card_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet"."transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"from_asset_id" integer NOT NULL,
	"to_asset_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "wallet"."ledger_asset_idx";--> statement-breakpoint
ALTER TABLE "wallet"."assets" ADD COLUMN "ledger_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "wallet"."ledger_entries" ADD COLUMN "transfer_id" bigint;--> statement-breakpoint
ALTER TABLE "wallet"."ledger_entries" ADD COLUMN "seq" bigint DEFAULT null;--> statement-breakpoint
-- Existing entries are numbered per asset in the order they were written, and each asset's
-- count is set to match, before the column becomes required.
UPDATE "wallet"."ledger_entries" AS l SET "seq" = n.seq
FROM (SELECT "id", row_number() OVER (PARTITION BY "asset_id" ORDER BY "id") AS seq FROM "wallet"."ledger_entries") AS n
WHERE l."id" = n."id";--> statement-breakpoint
UPDATE "wallet"."assets" AS a SET "ledger_count" = c.n
FROM (SELECT "asset_id", count(*) AS n FROM "wallet"."ledger_entries" GROUP BY "asset_id") AS c
WHERE a."id" = c."asset_id";--> statement-breakpoint
ALTER TABLE "wallet"."ledger_entries" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet"."card_status_history" ADD CONSTRAINT "card_status_history_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "wallet"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."transfers" ADD CONSTRAINT "transfers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."transfers" ADD CONSTRAINT "transfers_from_asset_id_assets_id_fk" FOREIGN KEY ("from_asset_id") REFERENCES "wallet"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."transfers" ADD CONSTRAINT "transfers_to_asset_id_assets_id_fk" FOREIGN KEY ("to_asset_id") REFERENCES "wallet"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_status_history_card_idx" ON "wallet"."card_status_history" USING btree ("card_id","id");--> statement-breakpoint
ALTER TABLE "wallet"."ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "wallet"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_search_last4_idx" ON "wallet"."cards" USING btree ("app_id",right("card_number", 4));--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_asset_seq_key" ON "wallet"."ledger_entries" USING btree ("asset_id","seq");--> statement-breakpoint
CREATE INDEX "users_search_app_user_id_idx" ON "wallet"."users" USING btree ("app_id","app_user_id" collate "C");--> statement-breakpoint
CREATE INDEX "users_search_email_idx" ON "wallet"."users" USING btree ("app_id",lower("email") collate "C");--> statement-breakpoint
CREATE INDEX "users_search_first_name_idx" ON "wallet"."users" USING btree ("app_id",lower("first_name") collate "C");--> statement-breakpoint
CREATE INDEX "users_search_last_name_idx" ON "wallet"."users" USING btree ("app_id",lower("last_name") collate "C");--> statement-breakpoint
CREATE INDEX "users_search_mobile_idx" ON "wallet"."users" USING btree ("app_id",replace("mobile", '-', ''));--> statement-breakpoint
CREATE INDEX "users_search_mobile_local_idx" ON "wallet"."users" USING btree ("app_id",split_part("mobile", '-', 2));--> statement-breakpoint
ALTER TABLE "wallet"."ledger_entries" ADD CONSTRAINT "ledger_amount_non_zero" CHECK ("wallet"."ledger_entries"."amount" <> 0);--> statement-breakpoint
-- Every existing card's history starts with its issuance, in its present status.
INSERT INTO "wallet"."card_status_history" ("card_id", "from_status", "to_status", "reason", "created_at")
SELECT "id", NULL, "status", NULL, "created_at" FROM "wallet"."cards" ORDER BY "id";--> statement-breakpoint
-- A ledger entry's number within its asset (ledger pages, docs/wallet-api.md "Ledgers"): the
-- asset's row is already locked by the balance change the entry records, so numbering adds no wait.
-- An explicit seq (bulk loads that number their own rows) is kept; they then set ledger_count
-- themselves.
CREATE FUNCTION "wallet"."ledger_entry_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq IS NULL THEN
    UPDATE "wallet"."assets" SET "ledger_count" = "ledger_count" + 1
    WHERE "id" = NEW.asset_id RETURNING "ledger_count" INTO NEW.seq;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_seq" BEFORE INSERT ON "wallet"."ledger_entries"
FOR EACH ROW EXECUTE FUNCTION "wallet"."ledger_entry_seq"();--> statement-breakpoint
-- A card's status history, written with the change itself (card/detail's history). Statement
-- triggers over transition tables: one run per statement, so bulk loads stay set-based.
CREATE FUNCTION "wallet"."card_status_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "wallet"."card_status_history" ("card_id", "from_status", "to_status", "reason", "created_at")
  SELECT n."id", NULL, n."status", n."status_reason", n."created_at" FROM new_cards n ORDER BY n."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "wallet"."card_status_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "wallet"."card_status_history" ("card_id", "from_status", "to_status", "reason", "created_at")
  SELECT n."id", o."status", n."status", n."status_reason", n."updated_at"
  FROM new_cards n JOIN old_cards o ON o."id" = n."id"
  WHERE n."status" IS DISTINCT FROM o."status" ORDER BY n."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cards_status_inserted" AFTER INSERT ON "wallet"."cards"
REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION "wallet"."card_status_inserted"();--> statement-breakpoint
CREATE TRIGGER "cards_status_updated" AFTER UPDATE ON "wallet"."cards"
REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION "wallet"."card_status_updated"();