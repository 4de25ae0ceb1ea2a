ALTER TABLE "users" ADD COLUMN "totp_secret" text;
