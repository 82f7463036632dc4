import type { Translation } from './en';

/** "Para desarrolladores e investigadores" (/developers) en español: se carga con el resto del texto en español. */
export const esDevelopers: Translation['developers'] = {
  title: 'Para desarrolladores e investigadores',
  intro:
    'Los datos de las playas de este sitio son abiertos: léalos desde sus propios programas mediante una API web documentada y con versiones. No se necesita cuenta ni clave.',
  overviewHeading: 'La API de datos abiertos',
  overview:
    'Cada dirección de abajo empieza con {{base}}. Las respuestas son JSON (las estaciones en GeoJSON) o CSV, y cualquier sitio web puede leerlas desde el navegador (CORS está abierto para lectura).',
  docsLink: 'Documentación interactiva de la API',
  openapiLink: 'Documento OpenAPI (JSON)',
  endpointsHeading: 'Qué puede leer',
  stations: {
    heading: 'Estaciones y su estado (GeoJSON)',
    text: 'Cada estación de monitoreo pública como un punto GeoJSON (longitud, latitud) con el estado que el público ve hoy: abierta, aviso, cerrada o sin monitoreo, desde cuándo y por qué, y la última muestra. Agregue date=AAAA-MM-DD para un día pasado, county= o program= para acotarlo.',
  },
  results: {
    heading: 'Resultados de calidad del agua (JSON o CSV)',
    text: 'Resultados de muestras verificados con los mismos filtros y columnas que Descargar datos (program, county, municipality, beachId, lha, locationType, stationType, startDate, endDate), una página a la vez. limit fija las filas por página (hasta {{max}}); siga next (JSON) o el encabezado Link (CSV) hasta que no haya más. Cada resultado llega exactamente una vez, en un orden estable.',
  },
  actions: {
    heading: 'Avisos y cierres',
    text: 'Cada aviso y cierre vigente en algún momento de un período (from, to), con su motivo y su fuente en códigos EPA BEACON.',
  },
  geomeans: {
    heading: 'Medias geométricas de una estación',
    text: 'Las medias geométricas móviles de 30 días de una estación durante una temporada, con el umbral del programa, como las muestra su página de playa. Los identificadores de estación son el beach_station_id de la respuesta de estaciones.',
  },
  example: 'Ejemplo',
  copy: 'Copiar',
  copyLabel: 'Copiar el ejemplo: {{what}}',
  copied: 'Copiado',
  copyFailed: 'No se pudo copiar. Seleccione el texto y cópielo.',
  columnsHeading: 'Columnas de los resultados',
  columnsIntro:
    'Los resultados tienen las columnas del archivo de calidad del agua de Descargar datos, en este orden. Los valores vacíos quedan vacíos en CSV y null en JSON.',
  column: 'Columna',
  meaning: 'Significado',
  columns: {
    Program_Name: 'El programa de monitoreo que tomó la muestra.',
    Station_Name: 'El nombre de la estación de muestreo.',
    Beach_Name: 'La playa a la que pertenece la estación.',
    Lat_DD: 'Latitud de la estación, en grados decimales (WGS 84).',
    Lon_DD: 'Longitud de la estación, en grados decimales (WGS 84).',
    Municipality: 'El municipio de la playa.',
    County_Name: 'El condado de la playa.',
    Station_Type_Name: 'Primary (principal) o Bracket (una estación adicional muestreada alrededor de una principal tras un resultado alto).',
    Location_Type_Name: 'Ocean, Bay, River o Lake (océano, bahía, río o lago).',
    Result_Date: 'El día en que se tomó la muestra (MM/DD/AAAA).',
    Result_Time: 'La hora en que se tomó la muestra (HH:MM, 24 horas), si se registró.',
    Result_Measure: 'El valor medido, en las unidades de Units_Name.',
    Result_Comments: 'Comentarios registrados con el resultado.',
    Units_Name: 'Las unidades del valor, como CFU/100mL.',
    Result_Type_Name: 'Lo que se midió, como Enterococcus.',
    Remark_Code_Name: 'Un calificador del valor, como Less than reporting limit (menor que el límite de reporte).',
  },
  limitsHeading: 'Límites de uso y caché',
  limits:
    'Cada dirección puede hacer {{limit}} solicitudes cada {{window}} segundos. Cada respuesta indica su situación en los encabezados RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset y RateLimit-Policy; al pasar el límite la respuesta es 429 con Retry-After (segundos).',
  caching:
    'Las respuestas llevan un ETag: envíelo de vuelta en If-None-Match y una respuesta sin cambios es un breve 304. Pueden guardarse en caché 30 segundos.',
  versionHeading: 'Versiones',
  version:
    'Todo lo que está bajo /api/public/v1 es estable: dentro de la versión 1 se pueden agregar campos, pero ninguno se quita, se renombra ni cambia de significado. Un cambio que rompa esto llegará como /api/public/v2, y v1 seguirá respondiendo al menos 12 meses después de que v2 se anuncie en esta página.',
  embed: {
    heading: 'Muestre el estado de una playa en su sitio web',
    text: 'El sitio web de un municipio o condado puede mostrar el estado de sus playas tal como lo muestra la página pública de la playa (abierta, advertencia, cerrada o sin monitoreo, desde cuándo y por qué) con un enlace a la página de la playa. Pegue un fragmento en su página: es una pequeña página propia dentro de un marco, sin scripts ni cookies, de menos de 10 KB, y se mantiene al día (puede guardarse en caché 30 segundos).',
    findId: 'El identificador de una playa es el número al final de la dirección de su página (/beach/ID).',
    oneLabel: 'Identificador de la playa',
    listLabel: 'Identificadores de playas, separados por comas (hasta {{max}})',
    oneHeading: 'Una playa',
    listHeading: 'Varias playas',
    frameTitle: 'Calidad del agua de la playa',
    language: 'El marco usa el idioma de esta página: quite ?lang=es de su dirección para inglés.',
    invalid: 'Escriba identificadores de playas: números enteros desde 1, separados por comas.',
  },
  licenseHeading: 'Licencia y uso de los datos',
  licenseIntro: 'Los datos se ofrecen con las mismas condiciones de uso que Descargar datos:',
};
