import { newRouter } from '../router';

export const storesRoutes = newRouter();
