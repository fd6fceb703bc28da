import { newRouter } from '../router';

export const feedbackRoutes = newRouter();
