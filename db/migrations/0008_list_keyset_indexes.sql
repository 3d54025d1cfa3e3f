CREATE INDEX "applications_list_status_idx" ON "applications" USING btree ("app_status","id") WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_list_ward_idx" ON "applications" USING btree ("ward_id","id") WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_list_fiscal_year_idx" ON "applications" USING btree ("fiscal_year_id","id") WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_list_business_type_idx" ON "applications" USING btree ("business_type_id","id") WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_list_submission_date_idx" ON "applications" USING btree ("submission_date","id") WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_list_created_at_idx" ON "applications" USING btree ("created_at","id") WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_list_business_name_idx" ON "applications" USING btree ("business_name","id") WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_list_owner_name_idx" ON "applications" USING btree ("owner_name","id") WHERE "applications"."deleted_on" is null;