CREATE TABLE "image_variants" (
	"image_name" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_variants_image_name_width_format_pk" PRIMARY KEY("image_name","width","format")
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "variant_fallback" text;--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_name_images_name_fk" FOREIGN KEY ("image_name") REFERENCES "public"."images"("name") ON DELETE cascade ON UPDATE no action;