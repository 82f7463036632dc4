-- A rule opens an incident only when the station has none open (decision 0026): at most one open
-- rule-opened incident per station, whatever the timing of two status writes.
CREATE UNIQUE INDEX "incidents_one_open_by_rule" ON "incidents" USING btree ("beach_station_id") WHERE "state" = 'OPEN' AND NOT "is_manual";
