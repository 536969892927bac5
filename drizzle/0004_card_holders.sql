ALTER TABLE "wallet"."apps" ADD COLUMN "card_holder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet"."users" ADD COLUMN "card_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_app_card_holders_idx" ON "wallet"."users" USING btree ("app_id","registered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "wallet"."users"."card_count" > 0;--> statement-breakpoint
-- Existing holders counted, before the trigger keeps the counts.
UPDATE "wallet"."users" AS u SET "card_count" = c.n
FROM (SELECT "user_id", count(*) AS n FROM "wallet"."cards" GROUP BY "user_id") AS c
WHERE u."id" = c."user_id";--> statement-breakpoint
UPDATE "wallet"."apps" AS a SET "card_holder_count" = h.n
FROM (SELECT "app_id", count(*) AS n FROM "wallet"."users" WHERE "card_count" > 0 GROUP BY "app_id") AS h
WHERE a."id" = h."app_id";--> statement-breakpoint
-- A card issued counts for its user, and a user's first card for the app's holders (4.2
-- withCards, whose total must not count rows). Cards are never deleted, so only inserts count.
-- One run per statement over its new rows, so a bulk load is counted set-based.
CREATE FUNCTION "wallet"."card_holder_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH added AS (
    SELECT "user_id", count(*)::integer AS n FROM new_cards GROUP BY "user_id"
  ), counted AS (
    UPDATE "wallet"."users" AS u SET "card_count" = u."card_count" + a.n
    FROM added a WHERE u."id" = a."user_id"
    RETURNING u."app_id", u."card_count" = a.n AS first_cards
  ), holders AS (
    SELECT "app_id", count(*)::integer AS n FROM counted WHERE first_cards GROUP BY "app_id"
  )
  UPDATE "wallet"."apps" AS p SET "card_holder_count" = p."card_holder_count" + h.n
  FROM holders h WHERE p."id" = h."app_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cards_holder_counts" AFTER INSERT ON "wallet"."cards"
REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION "wallet"."card_holder_counts"();