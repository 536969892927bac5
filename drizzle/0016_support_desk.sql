DROP INDEX "wallet"."users_search_first_name_idx";--> statement-breakpoint
DROP INDEX "wallet"."users_search_last_name_idx";--> statement-breakpoint
ALTER TABLE "backoffice"."audit_log" ADD COLUMN "note" text;--> statement-breakpoint
CREATE INDEX "users_search_first_last_idx" ON "wallet"."users" USING btree ("app_id",lower("first_name") collate "C",lower("last_name") collate "C");--> statement-breakpoint
CREATE INDEX "users_search_last_first_idx" ON "wallet"."users" USING btree ("app_id",lower("last_name") collate "C",lower("first_name") collate "C");