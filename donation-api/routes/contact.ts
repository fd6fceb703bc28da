import { newRouter } from '../router';

export const contactRoutes = newRouter();
