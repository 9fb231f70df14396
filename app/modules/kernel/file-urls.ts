/** Where a stored file's bytes and thumbnail are served (the Files API); safe to use in components. */
export function fileContentUrl(fileId: string): string {
  return `/api/v1/files/${encodeURIComponent(fileId)}/content`
}

export function fileThumbnailUrl(fileId: string): string {
  return `/api/v1/files/${encodeURIComponent(fileId)}/thumbnail`
}
