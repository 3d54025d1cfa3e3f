ALTER TABLE "business_types" DROP CONSTRAINT "business_types_slug_unique";--> statement-breakpoint
ALTER TABLE "fiscal_years" DROP CONSTRAINT "fiscal_years_code_unique";--> statement-breakpoint
ALTER TABLE "fiscal_years" DROP CONSTRAINT "fiscal_years_slug_unique";--> statement-breakpoint
ALTER TABLE "permissions" DROP CONSTRAINT "permissions_slug_unique";--> statement-breakpoint
ALTER TABLE "required_files" DROP CONSTRAINT "required_files_slug_unique";--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_slug_unique";--> statement-breakpoint
DROP INDEX "users_username_uq";--> statement-breakpoint
DROP INDEX "users_phone_uq";--> statement-breakpoint
DROP INDEX "wards_city_number_uq";--> statement-breakpoint
ALTER TABLE "otp_tokens" ADD COLUMN "delivery_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "business_types_slug_uq" ON "business_types" USING btree ("slug") WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "business_types_name_en_uq" ON "business_types" USING btree (lower("name_en")) WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "checkboxes_name_en_uq" ON "checkboxes" USING btree (lower("name_en")) WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_district_name_en_uq" ON "cities" USING btree ("district_id",lower("name_en")) WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "districts_name_en_uq" ON "districts" USING btree (lower("name_en")) WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_years_code_uq" ON "fiscal_years" USING btree ("code") WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_years_slug_uq" ON "fiscal_years" USING btree ("slug") WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_years_one_current_uq" ON "fiscal_years" USING btree ("is_current") WHERE is_current and deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_slug_uq" ON "permissions" USING btree ("slug") WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "required_files_slug_uq" ON "required_files" USING btree ("slug") WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "required_files_name_en_uq" ON "required_files" USING btree (lower("name_en")) WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_slug_uq" ON "roles" USING btree ("slug") WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "states_name_en_uq" ON "states" USING btree (lower("name_en")) WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username")) WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone") WHERE deleted_on is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wards_city_number_uq" ON "wards" USING btree ("city_id","number") WHERE deleted_on is null;