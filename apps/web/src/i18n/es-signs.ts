import type { enSigns } from './en-signs';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Los letreros imprimibles de las playas en español (issue 31, punto 3). */
export const esSigns: Shape<typeof enSigns> = {
  title: 'Letrero: {{beach}}',
  programTitle: 'Letreros: {{program}}',
  loadingTitle: 'Letrero de la playa',
  loading: 'Cargando el letrero…',
  failed: 'No se pudo cargar el letrero.',
  programFailed: 'No se pudieron cargar los letreros.',
  notFound: 'Playa no encontrada',
  notFoundIntro: 'No hay ninguna playa pública en esta dirección, así que no tiene letrero.',
  programNotFound: 'Programa no encontrado',
  programNotFoundIntro: 'No hay ningún programa en esta dirección.',
  noBeaches: 'Este programa aún no tiene playas públicas, así que no hay letreros que imprimir.',
  toMap: 'Ir al mapa de playas',
  toolbar: 'Impresión de letreros',
  paper: 'Tamaño del papel',
  letter: 'Carta',
  a4: 'A4',
  print: 'Imprimir',
  printHint: 'La barra de herramientas no se imprime. Cada letrero se imprime en su propia página.',
  count_one: '{{count}} letrero, uno por página.',
  count_other: '{{count}} letreros, uno por página.',
  toBeach: 'Página de la playa',
  sign: {
    label: 'Español',
    heading: 'Calidad del agua en esta playa',
    scan: 'Escanee el código para ver la calidad del agua, los avisos y los cierres de hoy.',
    visit: 'O visite',
    call: '¿Preguntas? Llame al {{phone}}.',
    qr: 'Código QR que enlaza a {{url}}',
  },
};
