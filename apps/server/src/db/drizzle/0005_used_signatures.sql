CREATE TABLE "used_signatures" (
	"sign" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
