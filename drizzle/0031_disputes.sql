CREATE TABLE "wallet"."disputes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"authorization_id" bigint NOT NULL,
	"card_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"amount" bigint NOT NULL,
	"explanation" text,
	"evidence" text,
	"due_by" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"credit_entry_id" bigint,
	CONSTRAINT "disputes_amount_positive" CHECK ("wallet"."disputes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "wallet"."disputes" ADD CONSTRAINT "disputes_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "wallet"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."disputes" ADD CONSTRAINT "disputes_authorization_id_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "wallet"."authorizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."disputes" ADD CONSTRAINT "disputes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "wallet"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_authorization_idx" ON "wallet"."disputes" USING btree ("authorization_id");--> statement-breakpoint
CREATE INDEX "disputes_app_page_idx" ON "wallet"."disputes" USING btree ("app_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_app_status_page_idx" ON "wallet"."disputes" USING btree ("app_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_card_page_idx" ON "wallet"."disputes" USING btree ("card_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_user_page_idx" ON "wallet"."disputes" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_open_due_idx" ON "wallet"."disputes" USING btree ("due_by") WHERE "wallet"."disputes"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_credit_entry_key" ON "wallet"."disputes" USING btree ("credit_entry_id") WHERE "wallet"."disputes"."credit_entry_id" is not null;
