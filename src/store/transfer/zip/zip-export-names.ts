// The file names of a ZIP export, in a module of their own: the writer and the reader both need
// them, and importing them from either one would load the other's code (and fflate's) with it.

/** The name of the export inside a ZIP export. @internal */
export const CONVERSATION_FILE = 'conversation.json';
/** The folder of attachments' bytes inside a ZIP export or backup: `attachments/<id>`. @internal */
export const ATTACHMENTS_FOLDER = 'attachments/';
