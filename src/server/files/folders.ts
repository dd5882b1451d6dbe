// The folders of the file store's names: every stored name and upload link starts with one.
// Courier item images are the only uploads (routes/files answers them, model/courier.checks
// accepts only their links).
export const FOLDER = 'courier-images';
