import type { enOffline } from './en-offline';

/** El aviso de sin conexión en español (issue 31, punto 2, decisión 0066). */
export const esOffline: { [K in keyof typeof enOffline]: string } = {
  label: 'Conexión',
  asOf: 'Sin conexión: estados al {{time}}',
  asOfHint: 'Este dispositivo no tiene conexión. Estos son los últimos estados que guardó; pueden haber cambiado desde entonces.',
  tooOld: 'Sin conexión: los estados guardados en este dispositivo son del {{time}}, hace más de {{hours}} horas, y no se muestran.',
  plain: 'Sin conexión',
  plainHint: 'Este dispositivo no tiene conexión. No se pueden mostrar los estados que no haya guardado.',
};
