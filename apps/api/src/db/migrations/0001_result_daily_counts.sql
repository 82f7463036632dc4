CREATE TABLE "result_daily_counts" (
	"beach_station_id" integer NOT NULL,
	"sample_date" date NOT NULL,
	"result_count" integer NOT NULL,
	CONSTRAINT "result_daily_counts_beach_station_id_sample_date_pk" PRIMARY KEY("beach_station_id","sample_date")
);
