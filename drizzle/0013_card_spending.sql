CREATE TABLE "wallet"."authorizations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_asset_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"cleared" bigint DEFAULT 0 NOT NULL,
	"reversed" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"merchant_name" text NOT NULL,
	"mcc" text NOT NULL,
	"merchant_country" text NOT NULL,
	"decline_reason" text,
	"decided_by" text NOT NULL,
	"transaction_id" bigint,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authorizations_amounts" CHECK ("wallet"."authorizations"."amount" > 0 and "wallet"."authorizations"."held" >= 0 and "wallet"."authorizations"."cleared" >= 0 and "wallet"."authorizations"."reversed" >= 0 and "wallet"."authorizations"."refunded" >= 0 and "wallet"."authorizations"."refunded" <= "wallet"."authorizations"."cleared")
);
--> statement-breakpoint
CREATE TABLE "wallet"."card_controls" (
	"card_id" integer PRIMARY KEY NOT NULL,
	"per_transaction" bigint,
	"daily" bigint,
	"monthly" bigint,
	"all_time" bigint,
	"blocked_mcc" text[] DEFAULT '{}'::text[] NOT NULL,
	"blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet"."card_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"authorization_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"ledger_entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet"."card_spend_totals" (
	"card_id" integer NOT NULL,
	"window" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "card_spend_totals_card_id_window_pk" PRIMARY KEY("card_id","window")
);
--> statement-breakpoint
CREATE TABLE "wallet"."decision_endpoints" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"fallback" text NOT NULL,
	"timeout_ms" integer NOT NULL,
	"secret" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet"."assets" ADD COLUMN "held" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet"."authorizations" ADD CONSTRAINT "authorizations_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."authorizations" ADD CONSTRAINT "authorizations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "wallet"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."card_controls" ADD CONSTRAINT "card_controls_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "wallet"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."card_refunds" ADD CONSTRAINT "card_refunds_authorization_id_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "wallet"."authorizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."decision_endpoints" ADD CONSTRAINT "decision_endpoints_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorizations_card_page_idx" ON "wallet"."authorizations" USING btree ("card_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "authorizations_app_page_idx" ON "wallet"."authorizations" USING btree ("app_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "authorizations_user_page_idx" ON "wallet"."authorizations" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "authorizations_pending_idx" ON "wallet"."authorizations" USING btree ("approved_at") WHERE "wallet"."authorizations"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "authorizations_card_pending_idx" ON "wallet"."authorizations" USING btree ("card_id") WHERE "wallet"."authorizations"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "authorizations_transaction_key" ON "wallet"."authorizations" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "card_refunds_authorization_idx" ON "wallet"."card_refunds" USING btree ("authorization_id");--> statement-breakpoint
ALTER TABLE "wallet"."assets" ADD CONSTRAINT "assets_held_within_balance" CHECK ("wallet"."assets"."held" >= 0 and "wallet"."assets"."held" <= "wallet"."assets"."balance");