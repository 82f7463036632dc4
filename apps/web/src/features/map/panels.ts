/**
 * What the map page loads once the map is drawn (decision 0020): the legend, today's flight, the latest news
 * and the station popup. One chunk, after the first view.
 */
export { FlightToday } from './FlightToday';
export { LatestNews } from './LatestNews';
export { StatusLegend } from './StatusLegend';
export { StationPopup } from './StationPopup';
