import type { Plugin } from 'vite';

/**
 * Leaflet for this map only (decision 0020). Leaflet's package main is its UMD build, which keeps every class;
 * its ES module build can be tree-shaken, but `var Marker = Layer.extend({...})` is a call the bundler must keep,
 * and a few statements attach optional parts to the core (`Control.Layers = Layers`). This transform, applied
 * to leaflet/dist/leaflet-src.esm.js at build time:
 * - marks each top-level `X.extend({...})` class definition pure (Leaflet's Class.extend builds a new class
 *   and changes nothing else), so classes nothing uses are dropped;
 * - removes the statements that attach what the map never uses: the layers and scale controls, WMS tiles,
 *   tooltips, the default marker icon, SVG rendering (the map draws on one canvas; the state outline too);
 * - removes the map methods and layer methods it never calls: flyTo and flyToBounds (it sets its view without
 *   animation), the geolocation methods (it never asks where the visitor is), and writing layers back out as
 *   GeoJSON (toGeoJSON, which alone kept the Circle class).
 * Every edit names the exact text it expects: a Leaflet upgrade that moves one fails the build, it cannot
 * silently keep (or break) anything.
 */
const REMOVED_STATEMENTS = [
  'Control.Layers = Layers;',
  'Control.Scale = Scale;',
  'control.layers = layers;',
  'control.scale = scale;',
  'TileLayer.WMS = TileLayerWMS;',
  'tileLayer.wms = tileLayerWMS;',
  'Icon.Default = IconDefault;',
  'SVG.create = create;',
  'SVG.pointsToPath = pointsToPath;',
  'GeoJSON.latLngToCoords = latLngToCoords;',
  'GeoJSON.latLngsToCoords = latLngsToCoords;',
  'GeoJSON.getFeature = getFeature;',
  'GeoJSON.asFeature = asFeature;',
];

/** Replacements: [what Leaflet has, what it becomes]. */
const EDITS: [string, string][] = [
  // Paths render on the map's canvas (the map passes one; the outline uses the map's): no SVG fallback.
  [
    'return (this.options.preferCanvas && canvas(options)) || svg(options);',
    'return canvas(options);',
  ],
  // GeoJSON points would become default markers; the map's GeoJSON (the state outline) has none.
  [
    'new Marker(latlng, options && options.markersInheritOptions && options);',
    'null; throw new Error("GeoJSON points need a pointToLayer option here");',
  ],
];

/**
 * Methods and statements the map never runs, from `from` up to (not including) `until`. The markers hold no line
 * ends (Leaflet's file mixes CRLF and LF).
 */
const REMOVED_RANGES = [
  // Map: flyTo and flyToBounds (the map's setView and fitBounds never animate a flight).
  { from: '// @method flyTo(latlng: LatLng, zoom?: Number, options?: Zoom/pan options): this', until: '// @method setMaxBounds(bounds: LatLngBounds): this' },
  // Map: locate, stopLocate and their handlers (the map never asks for the visitor's position).
  { from: '// @section Geolocation methods', until: '// TODO Appropriate docs section?' },
  // toGeoJSON for markers, circles, lines, polygons and layer groups (the map only reads GeoJSON).
  { from: 'var PointToGeoJSON = {', until: '// @namespace GeoJSON' },
];

/** Tooltips: the Map and Layer methods that open and bind them. */
const REMOVED_BLOCKS = [
  { start: 'Map.include({\n\n\t// @method openTooltip(', end: '\n});\n' },
  { start: 'Layer.include({\n\n\t// @method bindTooltip(', end: '\n});\n' },
];

export function leafletLite(): Plugin {
  return {
    name: 'beach:leaflet-lite',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]leaflet[\\/]dist[\\/]leaflet-src\.esm\.js$/.test(id)) return null;
      let out = code;
      const expect = (text: string) => {
        if (!out.includes(text)) throw new Error(`leaflet-lite: Leaflet no longer has "${text.slice(0, 60)}": review apps/web/build/leaflet-lite.ts`);
      };
      for (const { start, end } of REMOVED_BLOCKS) {
        expect(start);
        const from = out.indexOf(start);
        const to = out.indexOf(end, from);
        if (to < 0) throw new Error(`leaflet-lite: no end for "${start.slice(0, 40)}"`);
        out = out.slice(0, from) + out.slice(to + end.length);
      }
      for (const { from: start, until } of REMOVED_RANGES) {
        expect(start);
        const from = out.indexOf(start);
        const to = out.indexOf(until, from);
        if (to < 0) throw new Error(`leaflet-lite: no "${until}" after "${start.slice(0, 40)}"`);
        out = out.slice(0, from) + out.slice(to);
      }
      for (const statement of REMOVED_STATEMENTS) {
        expect(statement);
        out = out.replace(statement, '');
      }
      for (const [from, to] of EDITS) {
        expect(from);
        out = out.replace(from, to);
      }
      const classes = /^var (\w+) = (\w+(?:\.\w+)*)\.extend\(/gm;
      if (!classes.test(out)) throw new Error('leaflet-lite: no `var X = Y.extend(` class definitions found');
      out = out.replace(classes, 'var $1 = /*#__PURE__*/ $2.extend(');
      return { code: out, map: null };
    },
  };
}
