# pattern: keys
# style: numpy
# A text CNN indexes a fourth filter size in a tuple of three.
FILTER_SIZES = (3, 4, 5)
NUM_FILTERS = 8
widths = [FILTER_SIZES[0], FILTER_SIZES[1], FILTER_SIZES[2], FILTER_SIZES[3]]  # expect: ST152
print(sum(widths) * NUM_FILTERS)
