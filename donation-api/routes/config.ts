import { newRouter } from '../router';

export const configRoutes = newRouter();
