CREATE TABLE "app_ads_txt" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"developer_website" text NOT NULL,
	"status" text,
	"detail" text,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"advertising_id" text NOT NULL,
	"name" text NOT NULL,
	"platform" smallint NOT NULL,
	"added_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_ads_txt" ADD CONSTRAINT "app_ads_txt_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_devices" ADD CONSTRAINT "test_devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_devices_live_uq" ON "test_devices" USING btree ("company_id","advertising_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "test_devices_updated_idx" ON "test_devices" USING btree ("updated_at");