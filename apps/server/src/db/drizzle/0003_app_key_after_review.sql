ALTER TABLE "apps" ADD COLUMN "left_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Apps that are (or, by their to-do history, once were) active or frozen have left review.
UPDATE "apps" SET "left_review" = true WHERE "audit_status" IN (2, 3) OR EXISTS (SELECT 1 FROM "todo_outbox" t WHERE t."entity" = 'app' AND t."entity_id" = "apps"."id" AND (t."to_status" IN (2, 3) OR t."from_status" IN (2, 3)));
