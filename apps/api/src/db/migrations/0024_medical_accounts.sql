-- Medical accounts (issue 15 part 7): tariff codes on products and invoice lines, the practice number.
ALTER TABLE "invoice_lines" ADD COLUMN "tariff_code" varchar(20);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tariff_code" varchar(20);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "practice_number" varchar(30);
