/** Where sharing links to: a project's editor (made by the projects screens) and a share's page. */
export const projectPath = (projectId: string) => `/web/projects/${projectId}`;
export const sharedPagePath = (code: string) => `/web/shared/${code}`;
