import { newRouter } from '../router';

export const userRoutes = newRouter();
