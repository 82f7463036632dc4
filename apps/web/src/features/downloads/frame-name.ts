/**
 * The hidden frame every download form submits into (rendered once by the layout, so closing the dialog never
 * cancels a download). A module of its own: the layout (on every public page's first view) needs only this
 * name, and the download helpers beside it then stay with the dialog's chunk (decision 0041).
 */
export const DOWNLOAD_FRAME_NAME = 'beach-data-download';
