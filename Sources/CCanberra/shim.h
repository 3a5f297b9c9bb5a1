#include <canberra.h>
