CREATE TABLE "result_monthly_counts" (
	"beach_station_id" integer NOT NULL,
	"month" date NOT NULL,
	"result_count" integer NOT NULL,
	CONSTRAINT "result_monthly_counts_beach_station_id_month_pk" PRIMARY KEY("beach_station_id","month")
);
--> statement-breakpoint
CREATE TABLE "result_yearly_counts" (
	"beach_station_id" integer NOT NULL,
	"year" integer NOT NULL,
	"result_count" integer NOT NULL,
	CONSTRAINT "result_yearly_counts_beach_station_id_year_pk" PRIMARY KEY("beach_station_id","year")
);
