ALTER TABLE "payments" ADD COLUMN "gateway_txn_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_uq" ON "payments" USING btree ("channel","gateway_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_txn_uq" ON "payments" USING btree ("channel","gateway_txn_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("pay_status","created_at");