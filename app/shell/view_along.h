#pragma once
// Looking along a direction, in 3D: down a world axis (front, top, side), or along one the
// sample names in its state (SAT's separating axis, a line). The View menu's items and a
// row of buttons in the panel do the same.
class SampleHost;

void view_along_menu_items(SampleHost& host);
void view_along_buttons(SampleHost& host);
