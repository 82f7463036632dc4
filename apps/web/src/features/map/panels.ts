/**
 * What the map page loads once the map is drawn (decision 0020): the legend, today's flight, the latest news,
 * the station popup and the map's overlay layers (decision 0089). One chunk, after the first view.
 */
export { FlightToday } from './FlightToday';
export { GisLayers } from './GisLayers';
export { LatestNews } from './LatestNews';
export { StatusLegend } from './StatusLegend';
export { StationPopup } from './StationPopup';
