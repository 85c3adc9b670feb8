CREATE TABLE "industries" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profit_centers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"action_type" smallint NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"company_id" integer NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"actor_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "todo_outbox_key_uq" ON "todo_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "todo_outbox_due_idx" ON "todo_outbox" USING btree ("delivered_at","next_attempt_at");