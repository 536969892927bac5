-- The back-office's own API budget (docs/security.md "Rate limit"): a second signing secret of
-- each app, the back-office key, whose signed calls the service counts on a bucket of their own;
-- null until provisioning gives the app one (it does at every start for the configured app).
-- Sealed with the master key like the agency's secret.
ALTER TABLE "wallet"."apps" ADD COLUMN "backoffice_secret" text;--> statement-breakpoint
-- Each member of staff's share of that budget, counted by the back-office itself before it sends
-- a wallet call: calls per staff key and second, in the database so that every back-office
-- instance sees them (lib/backoffice/wallet-client/staff-pace.ts).
CREATE TABLE "backoffice"."staff_call_counts" (
	"staff_key" text NOT NULL,
	"second" bigint NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "staff_call_counts_staff_key_second_pk" PRIMARY KEY("staff_key","second")
);--> statement-breakpoint
CREATE INDEX "staff_call_counts_second_idx" ON "backoffice"."staff_call_counts" USING btree ("second");
