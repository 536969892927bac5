-- Card numbers sealed at rest (docs/security.md "Card numbers at rest"): the number and a CVV are
-- sealed together with the master key in sealed_secrets; beside them only the first six, the last
-- four, the length (the mask replies carry) and a keyed fingerprint (HMAC-SHA256 under a key
-- derived from the master key) whose uniqueness is "already bound" (4006). SQL cannot have the
-- master key, so, as for app secrets, the existing plain numbers are sealed (each given a CVV) and
-- emptied from card_number by the service's start-up step (sealAppSecrets), before anything
-- serves; the check below keeps every row either sealed or plain, never both, and a later
-- migration drops card_number once every installation has started once.
ALTER TABLE "wallet"."cards" ADD COLUMN "sealed_secrets" text;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD COLUMN "first6" text;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD COLUMN "last4" text;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD COLUMN "number_length" smallint;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD COLUMN "fingerprint" text;--> statement-breakpoint
UPDATE "wallet"."cards" SET "first6" = left("card_number", 6), "last4" = right("card_number", 4), "number_length" = length("card_number");--> statement-breakpoint
ALTER TABLE "wallet"."cards" ALTER COLUMN "first6" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ALTER COLUMN "last4" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ALTER COLUMN "number_length" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet"."cards" ALTER COLUMN "card_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet"."cards" DROP CONSTRAINT "cards_card_number_unique";--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD CONSTRAINT "cards_fingerprint_unique" UNIQUE("fingerprint");--> statement-breakpoint
ALTER TABLE "wallet"."cards" ADD CONSTRAINT "cards_number_sealed_or_plain" CHECK (("card_number" IS NULL) = ("sealed_secrets" IS NOT NULL) AND ("sealed_secrets" IS NULL) = ("fingerprint" IS NULL));--> statement-breakpoint
DROP INDEX "wallet"."cards_search_last4_idx";--> statement-breakpoint
CREATE INDEX "cards_search_last4_idx" ON "wallet"."cards" USING btree ("app_id","last4");--> statement-breakpoint
CREATE INDEX "cards_plain_number_idx" ON "wallet"."cards" USING btree ("id") WHERE "card_number" IS NOT NULL;
