-- dispute/summary counts the app's OPEN and SUBMITTED disputes and the OPEN ones due soon, and
-- lists the OPEN ones due soonest (docs/disputes.md "dispute/summary"): the back-office walked
-- dispute/list filtered OPEN up to a cap on every page instead, so past it the badge counted the
-- newest open disputes, those least likely due. Only OPEN and SUBMITTED rows are kept here, and
-- they live at most 110 days (dueBy), so a count over one (app, status) range stays small at any
-- number of disputes, and the soonest are the first rows of (app, 'OPEN').
CREATE INDEX "disputes_app_status_due_idx" ON "wallet"."disputes" USING btree ("app_id","status","due_by","id") WHERE "wallet"."disputes"."status" in ('OPEN', 'SUBMITTED');
