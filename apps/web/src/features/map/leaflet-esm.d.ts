// Leaflet's ES module build (which the bundler can tree-shake, decision 0020) has the types of the package.
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
