-- The half-way state of a two-factor sign-in, kept on the server (docs/security.md "The
-- back-office"): the browser's cookie names a row by a random token (only its SHA-256 is stored),
-- and the sign-in it ends deletes the row, so the cookie is good once.
CREATE TABLE "backoffice"."sign_in_pending" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"session_version" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backoffice"."sign_in_pending" ADD CONSTRAINT "sign_in_pending_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "backoffice"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_pending_expires_idx" ON "backoffice"."sign_in_pending" USING btree ("expires_at");
