-- The cardholder's own channel (docs/wallet-api.md "The cardholder's channel"): the walletToken
-- (already stored as the sha256 of a 24-byte random token) is found by its hash, so it gets an
-- index; an app lists the origins that may embed the card-details page (empty: none, the page
-- opens only as a page of its own); and each card-details link is a row, its token stored hashed,
-- spent by the first open (opened_at set by one conditional update).
CREATE UNIQUE INDEX "users_wallet_token_hash_key" ON "wallet"."users" USING btree ("wallet_token_hash");--> statement-breakpoint
ALTER TABLE "wallet"."apps" ADD COLUMN "card_view_origins" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE TABLE "wallet"."card_detail_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "wallet"."card_detail_links" ADD CONSTRAINT "card_detail_links_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."card_detail_links" ADD CONSTRAINT "card_detail_links_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "wallet"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."card_detail_links" ADD CONSTRAINT "card_detail_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "wallet"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_detail_links_card_idx" ON "wallet"."card_detail_links" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "card_detail_links_expires_idx" ON "wallet"."card_detail_links" USING btree ("expires_at");
