-- Card holders and HOT updates (docs/architecture.md "Card holders and HOT updates"): the card
-- holders' index filtered on card_count > 0, so every card issued changed an indexed column of its
-- user's row and the update wrote a new entry into each of the users table's indexes. It now
-- filters on has_cards, set with the first card and never changed after, so a later card's count
-- update is HOT (no index entry) when the row's page has room: fillfactor 90 leaves that room.
DROP INDEX "wallet"."users_app_card_holders_idx";--> statement-breakpoint
ALTER TABLE "wallet"."users" ADD COLUMN "has_cards" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "wallet"."users" SET "has_cards" = true WHERE "card_count" > 0;--> statement-breakpoint
CREATE INDEX "users_app_card_holders_idx" ON "wallet"."users" USING btree ("app_id","registered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "wallet"."users"."has_cards";--> statement-breakpoint
ALTER TABLE "wallet"."users" SET (fillfactor = 90);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wallet"."card_holder_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH added AS (
    SELECT "user_id", count(*)::integer AS n FROM new_cards GROUP BY "user_id"
  ), counted AS (
    UPDATE "wallet"."users" AS u SET "card_count" = u."card_count" + a.n, "has_cards" = true
    FROM added a WHERE u."id" = a."user_id"
    RETURNING u."app_id", u."card_count" = a.n AS first_cards
  ), holders AS (
    SELECT "app_id", count(*)::integer AS n FROM counted WHERE first_cards GROUP BY "app_id"
  )
  UPDATE "wallet"."apps" AS p SET "card_holder_count" = p."card_holder_count" + h.n
  FROM holders h WHERE p."id" = h."app_id";
  RETURN NULL;
END $$;
